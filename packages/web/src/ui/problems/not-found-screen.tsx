import { Code } from '@mantine/core';
import { useLocation } from 'react-router';
import { HomePageButton } from './home-page-button.js';
import { ProblemPage } from './problem-page.js';

/** The friendly page for a route the application does not have, or a record that is not there. */
export function NotFoundScreen({ message }: { message?: string }) {
  const { pathname } = useLocation();
  return (
    <ProblemPage status="404" title="This page does not exist" actions={<HomePageButton />}>
      {message ?? (
        <>
          Nothing in this application is at <Code>{pathname}</Code>. The link may be out of date, or
          the page may not be part of the specification yet.
        </>
      )}
    </ProblemPage>
  );
}
