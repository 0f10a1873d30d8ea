/**
 * The Server-Timing metric (W3C Server Timing, a metric name alone) the edge adds to every HTML page it answers: a
 * page reads it from its own navigation entry, without a request, to learn that an edge is in front of the files to
 * take feedback and count the searches that found nothing. A static host sends no such entry.
 */
export const EDGE_TIMING = 'edge';
