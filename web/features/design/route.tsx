import { DesignPage } from './DesignPage';

export const Component = DesignPage;
