/** English strings of the camera configuration screen: streams. Spread into the catalogue (catalogue.en.ts). */
export const streamsStrings = {
} as const;
