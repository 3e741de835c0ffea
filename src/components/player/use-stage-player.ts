/**
 * Binds a player tile to a StagePlayer of the stage's media facade: creates
 * it for the tile's stream (its canvas is transferred to a media worker
 * once), plays what the tile's timeline context asks (live, or a time and
 * speed; paused or not), mirrors each change of its view into the player
 * store, and forwards the tile's player type, visibility, volume (to the
 * player: a WebRTC tile's sound plays in its <audio>) and shader needs. Destroying the player (unmount, other stream) releases its socket,
 * peer connection and session.
 *
 * Timeline changes reach the player debounced (spec 9: 200 ms after a speed
 * change, 50 ms after a time change), and only when the context really
 * changed. A hidden tile (another is in full screen) asks nothing until it
 * shows again; then a live one just resumes, while one playing back asks
 * again for its context's time, as its paused picture fell behind. The
 * context is an anchor; the request's time is computed when it is sent,
 * never per frame.
 *
 * Spec 9: when the clock of the tile's server moves by more than 5 s
 * against this page's while the tile plays recorded video, it plays again
 * at its current time, which is then asked on the server's new clock
 * (src/core/clock/offset-restart.ts decides).
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { PlayerType, ShaderRequest, StagePlayer, StagePlayerView } from '../../media/stage-media';
import { playerActions, type PlayerStatus } from '../../state/player.store';
import { playRequestAt, requestDelayMs, sameContext, type TimelineContext } from '../../state/timeline.store';
import { useStageMedia } from './stage-media-context';
import { restartsForOffsetChange } from '../../core/clock/offset-restart';
import { watchServerOffset } from '../../state/server-offsets';

export const RESIZE_DEBOUNCE_MS = 150;

export interface StagePlayerBinding {
  tileKey: string;
  streamId: string | null;
  /** The camera's server (orchidId): in multi-server mode the player's calls go there. */
  server?: string;
  type: PlayerType;
  availableTypes: readonly PlayerType[];
  hidden: boolean;
  volume: number;
  shader: ShaderRequest;
  size: { width: number; height: number };
  /** The context the tile follows: the master's, or its own while unlinked. */
  timeline: TimelineContext;
  /** Under the pointer, holding the keyboard focus or in full screen: spared when the wall slows down. */
  focused?: boolean;
}

type PlayRequest = ReturnType<typeof playRequestAt>;

interface Sent {
  /** The context last handed to the player. */
  context: TimelineContext;
  request: PlayRequest | null;
}

function statusOf(view: StagePlayerView): PlayerStatus {
  const { snapshot } = view;
  return {
    source: snapshot.source,
    overlay: snapshot.overlay,
    type: snapshot.type,
    activeType: snapshot.activeType,
    error: snapshot.error,
    countdownMs: snapshot.countdownMs,
    offerLowBandwidth: snapshot.offerLowBandwidth,
    slowNetwork: view.slowNetwork,
    surface: view.surface,
  };
}

export function useStagePlayer(binding: StagePlayerBinding): {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  audioRef: RefObject<HTMLAudioElement | null>;
  playerRef: RefObject<StagePlayer | null>;
} {
  const media = useStageMedia();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const playerRef = useRef<StagePlayer | null>(null);
  const sent = useRef<Sent | null>(null);
  const wasHidden = useRef(false);
  const latest = useRef(binding);
  latest.current = binding;
  const { tileKey, streamId, type, hidden, volume, shader } = binding;

  useEffect(() => {
    const canvas = canvasRef.current;
    const video = videoRef.current;
    if (!media || !streamId || !canvas || !video) return;
    const audio = audioRef.current;
    const player = media.createPlayer(
      { canvas, video, ...(audio ? { audio } : {}) },
      {
        streamId,
        ...(latest.current.server ? { server: latest.current.server } : {}),
        type: latest.current.type,
        availableTypes: latest.current.availableTypes,
        size: () => latest.current.size,
        currentRequest: () => playRequestAt(latest.current.timeline, Date.now()),
      },
    );
    playerRef.current = player;
    const unsubscribe = player.subscribe((view) => {
      playerActions.setStatus(tileKey, statusOf(view));
      // A paused context holds the first picture of its time rather than an empty tile.
      if (view.snapshot.source === 'playing' && latest.current.timeline.paused) player.pause();
    });
    playerActions.setStatus(tileKey, statusOf(player.view));
    player.setHidden(latest.current.hidden);
    player.setFocused(latest.current.focused === true);
    player.setVolume(latest.current.volume);
    player.setShaderRequest(latest.current.shader);
    const context = { ...latest.current.timeline };
    const request = playRequestAt(context, Date.now());
    player.play(request);
    sent.current = { context, request };
    return () => {
      unsubscribe();
      player.destroy();
      if (playerRef.current === player) playerRef.current = null;
    };
  }, [media, streamId, tileKey]);

  useEffect(() => {
    const player = playerRef.current;
    if (player && player.view.snapshot.type !== type) player.setType(type);
  }, [type]);

  useEffect(() => playerRef.current?.setHidden(hidden), [hidden]);

  const focused = binding.focused === true;
  useEffect(() => playerRef.current?.setFocused(focused), [focused]);

  const { timeMs, anchorMs, speed, paused } = binding.timeline;
  useEffect(() => {
    const player = playerRef.current;
    if (!player) return;
    if (hidden) {
      wasHidden.current = true;
      return;
    }
    const context: TimelineContext = { timeMs, anchorMs, speed, paused };
    const behind = wasHidden.current && !paused && playRequestAt(context, Date.now()).timeMs !== 0;
    wasHidden.current = false;
    const last = sent.current;
    if (last && sameContext(last.context, context) && !behind) return;
    if (paused) {
      sent.current = { context, request: last?.request ?? null };
      // A player still connecting is paused by the subscription once its picture arrives.
      if (player.view.snapshot.source !== 'connecting') player.pause();
      return;
    }
    const delayMs = requestDelayMs(last?.request ?? null, playRequestAt(context, Date.now()));
    const timer = setTimeout(() => {
      const request = playRequestAt(context, Date.now());
      sent.current = { context, request };
      player.play(request);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [timeMs, anchorMs, speed, paused, hidden]);

  useEffect(() => playerRef.current?.setVolume(volume), [volume]);

  const { server } = binding;
  useEffect(
    () =>
      watchServerOffset(server, (beforeMs, afterMs) => {
        const player = playerRef.current;
        const request = playRequestAt(latest.current.timeline, Date.now());
        if (!player || latest.current.hidden || !restartsForOffsetChange(beforeMs, afterMs, request.timeMs === 0)) return;
        // A paused tile is paused again by the subscription once the picture of its time arrives.
        sent.current = { context: { ...latest.current.timeline }, request };
        player.play(request);
      }),
    [server],
  );

  // Spec 9: resizes settle for 150 ms before a low-bandwidth tile asks for another picture size.
  const { width: sizeWidth, height: sizeHeight } = binding.size;
  useEffect(() => {
    const timer = setTimeout(() => playerRef.current?.resized(playRequestAt(latest.current.timeline, Date.now())), RESIZE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sizeWidth, sizeHeight]);

  const { rect, dewarpMode, dewarp, view, zoom } = shader;
  useEffect(() => {
    playerRef.current?.setShaderRequest({ rect, dewarpMode, dewarp, view, zoom });
    // The request is rebuilt from its parts so an equal one does not resend.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rect.x, rect.y, rect.width, rect.height, dewarpMode, dewarp, view?.pan, view?.tilt, view?.zoom, zoom.scale, zoom.centerX, zoom.centerY]);

  return { canvasRef, videoRef, audioRef, playerRef };
}
