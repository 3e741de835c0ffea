/**
 * What other recorder features may use of live: a stream's live feed of
 * access units, their Annex-B form, and the ffmpeg input arguments for
 * Annex-B on stdin (the motion decoder reads the same feed).
 */
export { toAnnexB } from './access-units';
export { annexBStdinInputArgs, rateSelectFilter } from './ffmpeg-args';
export { liveFeed, type VideoFeed } from './video-feed';
