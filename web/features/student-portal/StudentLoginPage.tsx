/** /student/login: school code (filled in from a login card's QR, ?okul=), school number, access code. */
import { core } from '../../../common/tr/core';
import { student as s } from '../../../common/tr/student';
import { CodeLoginPage } from '../../components/CodeLoginPage';
import type { signInStudent } from './session';

// The session and the call helper load with the first submit, as the schema does.
const signIn: typeof signInStudent = async (values) => (await import('./session')).signInStudent(values);

const loadSchema = async () => (await import('../../../common/schemas/student')).studentLoginBody;

function StudentLoginPage() {
  return (
    <CodeLoginPage
      code="accessCode"
      loadSchema={loadSchema}
      schoolParam="okul"
      title={s.portal.title}
      subtitle={core.appName}
      codeLabel={s.accessCode}
      signInLabel={s.portal.signIn}
      signIn={signIn}
      home="/student"
    />
  );
}

export { StudentLoginPage as Component };
