import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, isUnauthenticated } from '../api/api-error.js';
import { useApp } from '../app/app-context.js';
import { screenOfKind } from '../model/screens.js';

/**
 * A refusal as people read it: the catalogue's message as the title, then what exactly the server
 * said when it says more, then what can be done about it.
 */
export function ErrorAlert({
  error,
  onRetry,
  retryLabel = 'Try again',
  withDetail = true,
  children,
}: {
  error: unknown;
  onRetry?: (() => void) | undefined;
  retryLabel?: string;
  /** Shows what exactly the server said; off where the screen explains it better itself. */
  withDetail?: boolean;
  children?: ReactNode;
}) {
  const { screens } = useApp();
  const location = useLocation();
  // A refusal for want of a session offers to sign in, except on the sign-in screen itself.
  const signInScreen = isUnauthenticated(error) ? screenOfKind(screens, 'sign-in') : undefined;
  const signIn = signInScreen?.route === location.pathname ? undefined : signInScreen;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const detail =
    withDetail && error instanceof ApiError && error.detail !== error.message ? error.detail : '';
  const others =
    error instanceof ApiError ? error.recordProblems().filter((p) => p.message !== message) : [];
  return (
    <Alert color="red" title={message} role="alert" variant="light">
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        {others.map((p) => (
          <Text size="sm" key={`${p.code}:${p.message}`}>
            {p.message}
          </Text>
        ))}
        {children}
        {signIn && (
          <Button
            component={Link}
            to={`${signIn.route}?next=${encodeURIComponent(location.pathname + location.search)}`}
            size="xs"
          >
            Sign in
          </Button>
        )}
        {onRetry && (
          <Button variant="default" size="xs" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
