/**
 * Binds a player tile to a StagePlayer of the stage's media facade: creates
 * it for the tile's stream (its canvas is transferred to a media worker
 * once), plays live, mirrors each change of its view into the player store,
 * and forwards the tile's player type, visibility, volume and shader needs.
 * Destroying the player (unmount, other stream) releases its socket, peer
 * connection and session.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { PlayerType, ShaderRequest, StagePlayer, StagePlayerView } from '../../media/stage-media';
import { playerActions, type PlayerStatus } from '../../state/player.store';
import { useStageMedia } from './stage-media-context';

export const RESIZE_DEBOUNCE_MS = 150;

export interface StagePlayerBinding {
  tileKey: string;
  streamId: string | null;
  type: PlayerType;
  availableTypes: readonly PlayerType[];
  hidden: boolean;
  volume: number;
  shader: ShaderRequest;
  size: { width: number; height: number };
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
  playerRef: RefObject<StagePlayer | null>;
} {
  const media = useStageMedia();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<StagePlayer | null>(null);
  const latest = useRef(binding);
  latest.current = binding;
  const { tileKey, streamId, type, hidden, volume, shader } = binding;

  useEffect(() => {
    const canvas = canvasRef.current;
    const video = videoRef.current;
    if (!media || !streamId || !canvas || !video) return;
    const player = media.createPlayer(
      { canvas, video },
      {
        streamId,
        type: latest.current.type,
        availableTypes: latest.current.availableTypes,
        size: () => latest.current.size,
      },
    );
    playerRef.current = player;
    const unsubscribe = player.subscribe((view) => playerActions.setStatus(tileKey, statusOf(view)));
    playerActions.setStatus(tileKey, statusOf(player.view));
    player.setHidden(latest.current.hidden);
    player.setShaderRequest(latest.current.shader);
    player.play();
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

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume;
    video.muted = volume === 0;
  }, [volume]);

  // Spec 9: resizes settle for 150 ms before a low-bandwidth tile asks for another picture size.
  const { width: sizeWidth, height: sizeHeight } = binding.size;
  useEffect(() => {
    const timer = setTimeout(() => playerRef.current?.resized(), RESIZE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sizeWidth, sizeHeight]);

  const { rect, dewarpMode, dewarp, zoom } = shader;
  useEffect(() => {
    playerRef.current?.setShaderRequest({ rect, dewarpMode, dewarp, zoom });
    // The request is rebuilt from its parts so an equal one does not resend.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rect.x, rect.y, rect.width, rect.height, dewarpMode, dewarp, zoom.scale, zoom.centerX, zoom.centerY]);

  return { canvasRef, videoRef, playerRef };
}
