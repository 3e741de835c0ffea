/**
 * Path parameters several routes share, as TypeBox schemas: the route
 * validates with them and the handler's `request.params` type comes from
 * them (fastify's TypeBox type provider), so the two cannot drift. Ids are
 * bounded text only; whether one exists is the domain's answer (404).
 */
import { Type, type Static } from 'typebox';

const id = Type.String({ maxLength: 64 });

/** `/{id}` of a user, camera, stream, stage or low-bandwidth session. */
export const IdParams = Type.Object({ id });
export type IdParams = Static<typeof IdParams>;

/** `/cameras/{id}/streams/{streamId}`. */
export const StreamParams = Type.Object({ id, streamId: id });
export type StreamParams = Static<typeof StreamParams>;

/** Media routes (frame, export, PTZ) were written with a looser bound of 256; kept so no address changes answer. */
export const LongIdParams = Type.Object({ id: Type.String({ maxLength: 256 }) });
export type LongIdParams = Static<typeof LongIdParams>;
