export { adminOnly as loader } from '../../session/access';
export { SchoolsPage as Component } from './SchoolsPage';
