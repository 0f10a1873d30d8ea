/**
 * The reason phrase of each status this service answers with (RFC 9110 §15), one table for every door: node:http's
 * own table and a runtime's defaults differ (`Payload Too Large` against RFC 9110's `Content Too Large`), and a web
 * Response left without one makes some servers write an empty phrase (RFC 9112 §4 allows it; clients log it).
 */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  100: 'Continue',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
};

/** The reason phrase of a status; one outside RFC 9110 (an upstream's own) gets the name of its class's first status. */
export function toStatusText(status: number): string {
  return STATUS_TEXT[status] ?? STATUS_TEXT[Math.floor(status / 100) * 100] ?? '';
}
