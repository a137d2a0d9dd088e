/** A JSON object (not null, not an array): what every reader of untyped JSON checks before it looks inside. */
export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
