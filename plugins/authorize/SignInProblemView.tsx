import { useTranslation } from 'react-i18next';
import { isSignInProblem, type SignInProblem } from '@portal/plugin-api';
import { AuthorizeProblem } from './AuthorizeProblem';

/** The fixed message of each kind (the address names a kind only; an unknown one reads as a bad request). */
export function problemKind(query: URLSearchParams): SignInProblem {
  const kind = query.get('kind');
  return isSignInProblem(kind) ? kind : 'invalidRequest';
}

/**
 * `/sign-in-problem?kind=…`: a connected service's sign-in request that cannot go back to the
 * service (the server's OpenID provider sends the browser here), in the portal's look and the
 * user's language, with a fresh start.
 */
export default function SignInProblemView() {
  return <SignInProblemPage kind={problemKind(new URLSearchParams(window.location.search))} />;
}

export function SignInProblemPage({ kind }: { kind: SignInProblem }) {
  const { t } = useTranslation('authorize');
  return <AuthorizeProblem message={t(`problems.${kind}`)} />;
}
