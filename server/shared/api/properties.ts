/**
 * Server properties (spec 2 property editor, 4 Property, 7 endpoints):
 * GET/PUT /service/server/properties, GET /service/server/properties/info,
 * GET/POST /service/server/properties/confirmed. The catalogue and the rules
 * live in ../properties.ts (no TypeBox there, for the client).
 */
import { Type, type Static } from 'typebox';
import type { SentProperty } from '../properties';

export type { SentProperty };

/** One row of the editor (spec 4 Property). */
export interface ServerProperty {
  /** Generated: the name for catalogue and stored entries. */
  id: string;
  name: string;
  value: string;
  description: string;
  /** Set in the properties file (a catalogue entry not set shows the value in use, inactive). */
  active: boolean;
  locked: boolean;
  /** Not in the catalogue: the operator's own name. */
  custom: boolean;
  infoOnly: boolean;
  showInput: boolean;
}

export interface ServerPropertiesList {
  properties: ServerProperty[];
}

export interface ServerPropertiesInfo {
  /** Where the active properties are kept. */
  file: string;
  /** Seconds a saved change has to be confirmed. */
  confirmSeconds: number;
}

export interface PropertiesConfirmation {
  confirmed: boolean;
  /** Epoch ms by which an unconfirmed change must be confirmed; null when confirmed or not yet armed. */
  deadlineMs: number | null;
}

export interface PropertiesSaveResult {
  /** The recorder restarts with the new properties now. */
  restarting: boolean;
}

export const SavePropertiesBody = Type.Object(
  {
    properties: Type.Array(
      Type.Object({ name: Type.String({ maxLength: 200 }), value: Type.String({ maxLength: 2000 }) }, { additionalProperties: false }),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export type SavePropertiesRequest = Static<typeof SavePropertiesBody>;
