/** Typed calls of Home. */
import { keys } from '../../api/keys';
import { useApiGet } from '../../api/query';

/** User info brings the figures; they are asked again each time Home opens. */
export const useStatistics = () => useApiGet(keys.statistics(), 'GET statistics', {}, { alwaysFresh: true });

/** How many of the scope's students are below the studio's photo coverage goal. */
export const useCoverageSummary = () => useApiGet(keys.coverage(), 'GET coverage', {}, { alwaysFresh: true });
