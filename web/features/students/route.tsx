import { StudentsPage } from './StudentsPage';

export const Component = StudentsPage;
