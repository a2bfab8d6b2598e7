/** A random URL-safe id: four 32-bit values from crypto.getRandomValues (128 bits), e.g. `3021577406_17..._..._...`. */
export const rid = (): string => crypto.getRandomValues(new Uint32Array(4)).join('_');

export const now = (): number => Date.now();
