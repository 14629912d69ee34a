/** /veli/login: school code (filled in from the consent letter's QR, ?school=), school number, parent code. */
import { parent as p } from '../../../common/tr/parent';
import { CodeLoginPage } from '../../components/CodeLoginPage';
import type { signInParent } from './session';

// The session and the call helper load with the first submit, as the schema does.
const signIn: typeof signInParent = async (values) => (await import('./session')).signInParent(values);

const loadSchema = async () => (await import('../../../common/schemas/parent')).parentLoginBody;

function ParentLoginPage() {
  return (
    <CodeLoginPage
      code="parentCode"
      loadSchema={loadSchema}
      schoolParam="school"
      title={p.portalTitle}
      subtitle={p.title}
      codeLabel={p.parentCode}
      signInLabel={p.signIn}
      signIn={signIn}
      home="/veli"
    />
  );
}

export { ParentLoginPage as Component };
