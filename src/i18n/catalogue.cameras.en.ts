/** English strings of the camera configuration screen: cameras. Spread into the catalogue (catalogue.en.ts). */
export const camerasStrings = {
} as const;
