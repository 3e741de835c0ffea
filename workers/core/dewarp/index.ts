/** Dewarp math: settings and limits, the lens model, perspective and panorama uniforms. */
export * from './dewarp-settings';
export * from './fisheye-lens';
export * from './perspective';
export * from './panorama';
export * from './view-drag';
