/** Typed calls of Home. */
import { keys } from '../../api/keys';
import { useApiGet } from '../../api/query';

/** User info brings the figures; they are asked again each time Home opens. */
export const useStatistics = () => useApiGet(keys.statistics(), 'GET statistics', {}, { alwaysFresh: true });
