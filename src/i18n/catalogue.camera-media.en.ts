/** English strings of the camera configuration screen: camera-media. Spread into the catalogue (catalogue.en.ts). */
export const cameraMediaStrings = {
} as const;
