import { StudioPage } from './StudioPage';

export const Component = StudioPage;
