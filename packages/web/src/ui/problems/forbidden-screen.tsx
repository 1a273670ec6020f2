import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useApp } from '../../app/app-context.js';
import { ProblemPage } from './problem-page.js';

/** Shown to a signed-in user on a screen their roles do not open. */
export function ForbiddenScreen({ detail }: { detail?: string }) {
  const { catalogue } = useApp();
  return (
    <ProblemPage
      status="403"
      title="This page is not for your account"
      actions={
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      }
    >
      {catalogue.resolve('FORBIDDEN').message}{' '}
      {detail ?? 'Your roles do not include this page. Ask an administrator if you need it.'}
    </ProblemPage>
  );
}
