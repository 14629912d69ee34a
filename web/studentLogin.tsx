/** /student/login's first load (see portalLogin.tsx). */
import { Component as StudentLoginPage } from './features/student-portal/StudentLoginPage';
import { mountPortalLogin } from './portalLogin';

mountPortalLogin(<StudentLoginPage />);
