/**
 * English function words that say nothing about which page answers a question: articles, pronouns, auxiliaries,
 * prepositions and the question words agents open a sentence with ("how do I …", "what does … mean"). Negations
 * ("no", "not", "without") are kept: "no API keys" is a different page from "API keys".
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each either else etc ever every few for from further had has have having he ' +
    'her here hers herself him himself his how i if in into is it its itself just let me might more most much must my myself ' +
    'of off on once only or other our ours ourselves out over own please same shall she should so some such than that the ' +
    'their theirs them themselves then there these they this those through thus to too under until up upon us very was we ' +
    'were what whatever when whenever where whether which while who whom whose why will with would yet you your yours ' +
    'yourself yourselves'
  ).split(' '),
);
