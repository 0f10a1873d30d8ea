// negotiator 1.x (jshttp): the part this project uses. Its own package ships no types, and @types/negotiator
// describes 0.6, which lacks the `preferred` option of `encoding`.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
