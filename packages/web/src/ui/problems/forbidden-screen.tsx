import { useApp } from '../../app/app-context.js';
import { HomePageButton } from './home-page-button.js';
import { ProblemPage } from './problem-page.js';

/** Shown to a signed-in user on a screen their roles do not open. */
export function ForbiddenScreen({ detail }: { detail?: string }) {
  const { catalogue } = useApp();
  return (
    <ProblemPage
      status="403"
      title="This page is not for your account"
      actions={<HomePageButton />}
    >
      {catalogue.resolve('FORBIDDEN').message}{' '}
      {detail ?? 'Your roles do not include this page. Ask an administrator if you need it.'}
    </ProblemPage>
  );
}
