/** /student/login: school code (filled in from a login card's QR, ?okul=), school number, access code. */
import { studentLoginBody } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { CodeLoginPage } from '../../components/CodeLoginPage';
import { signInStudent } from './session';

const s = tr.student;

function StudentLoginPage() {
  return (
    <CodeLoginPage
      code="accessCode"
      schema={studentLoginBody}
      schoolParam="okul"
      title={s.portal.title}
      subtitle={tr.appName}
      codeLabel={s.accessCode}
      signInLabel={s.portal.signIn}
      signIn={signInStudent}
      home="/student"
    />
  );
}

export { StudentLoginPage as Component };
