/** The server property editor's calls (spec 7): the list, a save (a controlled restart) and the confirmation. */
import type { PropertiesConfirmation, PropertiesSaveResult, SentProperty, ServerPropertiesList } from '../../server/shared/api';
import { http } from './http';

export const propertiesApi = {
  list: () => http.get<ServerPropertiesList>('/service/server/properties', { queue: 'user' }),
  save: (properties: SentProperty[]) => http.put<PropertiesSaveResult>('/service/server/properties', { properties }),
  confirmation: () => http.get<PropertiesConfirmation>('/service/server/properties/confirmed', { queue: 'user' }),
  confirm: () => http.post<PropertiesConfirmation>('/service/server/properties/confirmed', {}),
};
