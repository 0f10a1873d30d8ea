/** Why a request failed inside, for the operator's log: the stack where there is one. */
export const toFailureCause = (cause: unknown): string => String((cause as Error | undefined)?.stack ?? cause).slice(0, 2000);
