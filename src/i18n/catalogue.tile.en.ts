/**
 * English strings of a player tile's statistics pane and of its playback
 * errors (spec 2 "Player", spec 8 "Playback"): one text for every code a
 * tile can show, keyed 'tile.error.<code>' (the codes: src/core/player
 * player-errors.ts and playback-errors.ts, the WebRTC and low-bandwidth
 * sources'; a unit test holds codes and texts together). Spread into the
 * catalogue (catalogue.en.ts).
 */
export const tileStrings = {
  'tile.statsType': 'Player',
  'tile.statsResolution': 'Resolution',
  'tile.statsFps': 'Frame rate',
  'tile.statsFpsValue': '{fps} fps',
  'tile.statsBitRate': 'Bit rate',
  'tile.statsLoss': 'Packet loss',
  'tile.statsDecodeErrors': 'Decode errors',
  'tile.statsLocalCandidate': 'Local candidate',
  'tile.statsRemoteCandidate': 'Remote candidate',
  /** Stands for an address the browser keeps from the page, in "prflx hidden:49110". */
  'tile.statsAddressHidden': 'hidden',
  'tile.statsReceived': 'Received',
  'tile.statsStalls': 'Stalls',

  'tile.error.notAvailable': 'Not available',
  'tile.error.unknown': 'Playback failed for an unknown reason.',
  // The player
  'tile.error.playFailure': 'The stream could not be played.',
  'tile.error.timedOutWaitingForStreamToPlay': 'The stream did not start in time.',
  'tile.error.playRequestCancelled': 'Playback was cancelled.',
  'tile.error.playRequestUpdatedError': 'Playback was replaced by a newer request.',
  'tile.error.expectedArchiveIsNotPlayable': 'The recording at this time cannot be played.',
  'tile.error.autoplayBlocked': 'The browser blocked playback.',
  'tile.error.unsupportedMediaFormat': 'This browser cannot play the stream.',
  'tile.error.noStreamsConfigured': 'This camera has no streams configured.',
  'tile.error.noPermission': 'You do not have permission to watch this camera.',
  'tile.error.noLivePermission': 'You do not have permission for live video of this camera.',
  'tile.error.noPlaybackPermission': 'You do not have permission for playback of this camera.',
  'tile.error.noSessionExistsFor': 'There is no session for this server. Sign in again.',
  // WebRTC
  'tile.error.iceFailed': 'The WebRTC connection failed.',
  'tile.error.iceClosed': 'The WebRTC connection closed.',
  'tile.error.iceTimeout': 'The WebRTC connection was not established in time.',
  'tile.error.peerConnectionClosed': 'The WebRTC peer connection closed.',
  'tile.error.peerConnectionDisconnected': 'The WebRTC peer connection was lost.',
  'tile.error.invalidOffer': 'The server sent an invalid WebRTC offer.',
  'tile.error.invalidAnswer': 'The server refused the WebRTC answer.',
  'tile.error.invalidCandidate': 'An invalid WebRTC network candidate was exchanged.',
  'tile.error.invalidMessage': 'The server refused a signalling message.',
  'tile.error.webSocketError': 'The connection to the server failed.',
  'tile.error.webSocketClosed': 'The connection to the server closed.',
  'tile.error.webSocketFailedSend': 'A message could not be sent to the server.',
  'tile.error.noPackets': 'No video arrives from the server.',
  'tile.error.packetLoss': 'Too much video is lost on the way.',
  'tile.error.unableToDecode': 'The video could not be decoded.',
  // The recorder
  'tile.error.streamNotFound': 'This stream does not exist on the recorder.',
  'tile.error.streamNotRunning': 'The camera’s stream is not running.',
  'tile.error.noArchive': 'There is no recording at this time.',
  'tile.error.endOfArchive': 'The recording ends here.',
  'tile.error.tooManySessions': 'The recorder is serving as many streams as it can. Close a player and try again.',
  'tile.error.invalidSpeed': 'The recorder cannot play at this speed.',
  // Low bandwidth
  'tile.error.failedToCreateLowBandwidthStream': 'The low-bandwidth stream could not be created.',
  'tile.error.failedToGetLowBandwidthStream': 'The low-bandwidth stream could not be read.',
  'tile.error.lowBandwidthStreamFailedToStart': 'The low-bandwidth stream failed to start.',
  'tile.error.errorRenderingImage': 'A picture could not be drawn.',
} as const;
