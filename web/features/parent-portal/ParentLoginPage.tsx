/** /veli/login: school code (filled in from the consent letter's QR, ?school=), school number, parent code. */
import { parentLoginBody } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import { CodeLoginPage } from '../../components/CodeLoginPage';
import { signInParent } from './session';

const p = tr.parent;

function ParentLoginPage() {
  return (
    <CodeLoginPage
      code="parentCode"
      schema={parentLoginBody}
      schoolParam="school"
      title={p.portalTitle}
      subtitle={p.title}
      codeLabel={p.parentCode}
      signInLabel={p.signIn}
      signIn={signInParent}
      home="/veli"
    />
  );
}

export { ParentLoginPage as Component };
