import { Alert, Button, Stack, Text } from '@mantine/core';

/** Shown when the application could not be loaded from the server. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" title="The application could not be loaded" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {error.message} Check that the specrun server is running, then try again.
        </Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
