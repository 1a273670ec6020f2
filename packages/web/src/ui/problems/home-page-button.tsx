import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** The way out of a page that cannot be shown: back to the application's home page. */
export function HomePageButton() {
  return (
    <Button component={Link} to="/">
      Go to the home page
    </Button>
  );
}
