/** The stage view's media facade, handed to the player tiles it renders. */
import { createContext, useContext } from 'react';
import type { StageMedia } from '../../media/stage-media';

export const StageMediaContext = createContext<StageMedia | null>(null);

export function useStageMedia(): StageMedia | null {
  return useContext(StageMediaContext);
}
