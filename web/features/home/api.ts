/** Typed calls of Home. */
import type { Statistics } from '../../../common/schemas/auth';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { useApiGet } from '../../api/query';

/** User info brings the figures; they are asked again each time Home opens. */
export const useStatistics = () => useApiGet<{ statistics: Statistics; dashboard: Dashboard }>(['statistics'], 'statistics', undefined, { alwaysFresh: true });
