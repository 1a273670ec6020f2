import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useApp } from '../../app/app-context.js';
import { screenOfKind } from '../../model/screens.js';
import { ProblemPage } from './problem-page.js';

/** Shown to a visitor on a screen for signed-in people: sign in, then come back here. */
export function SignInNeeded() {
  const { catalogue, screens } = useApp();
  const location = useLocation();
  const signIn = screenOfKind(screens, 'sign-in');
  const signUp = screenOfKind(screens, 'sign-up');
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <ProblemPage
      status="401"
      title="Sign in to see this page"
      actions={
        <>
          {signIn && (
            <Button component={Link} to={`${signIn.route}?next=${next}`}>
              Sign in
            </Button>
          )}
          {signUp && (
            <Button component={Link} to={`${signUp.route}?next=${next}`} variant="default">
              {signUp.name}
            </Button>
          )}
        </>
      }
    >
      {catalogue.resolve('UNAUTHENTICATED').message} This page is for people with an account.
    </ProblemPage>
  );
}
