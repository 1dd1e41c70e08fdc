import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';

/**
 * For the shell's tests: a component running `hook` that renders again at each click of its
 * button, as the app does on every change (renderAgain clicks it).
 */
export function RenderedAgain({ hook }: { hook: () => void }) {
  const [renders, setRenders] = useState(0);
  hook();
  return (
    <button
      type="button"
      onClick={() => {
        setRenders((count) => count + 1);
      }}
    >
      Rendered {renders} times again
    </button>
  );
}

/** Renders RenderedAgain `times` more times, and checks that it did. */
export async function renderAgain(user: UserEvent, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await user.click(screen.getByRole('button', { name: /^Rendered \d+ times again$/ }));
  }
  expect(
    screen.getByRole('button', { name: `Rendered ${String(times)} times again` }),
  ).toBeVisible();
}
