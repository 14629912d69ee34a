/** /veli/login's first load (see portalLogin.tsx). */
import { Component as ParentLoginPage } from './features/parent-portal/ParentLoginPage';
import { mountPortalLogin } from './portalLogin';

mountPortalLogin(<ParentLoginPage />);
