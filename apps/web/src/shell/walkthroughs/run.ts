import type { Walkthrough, WalkthroughOutcome, WalkthroughStep } from '@colophon/domain';
import { walkthroughSelector } from './targets';

let running = false;

/** Whether a walkthrough is on the screen now (one at a time). */
export function isWalkthroughRunning(): boolean {
  return running;
}

/**
 * Shows a walkthrough's steps with driver.js, loaded only now (with its styles): the login page
 * and the admin shell never download it. Buttons: Previous, Next, Finish (the last step's Next),
 * End Walkthrough, and Close (×); Escape and a click on the overlay end it too. Resolves with
 * 'finished' (Finish) or 'ended' (anything else); null when another walkthrough is running.
 */
export async function runWalkthrough(
  tour: Pick<Walkthrough, 'id' | 'title'>,
  steps: readonly WalkthroughStep[],
): Promise<WalkthroughOutcome | null> {
  if (running || steps.length === 0) return null;
  running = true;
  try {
    const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
    return await new Promise<WalkthroughOutcome>((resolve) => {
      // Ends the tour ourselves and says how: driver.js calls `onDestroyed` only while it still
      // holds an active element, which a re-rendered target can take away (the tour then closed
      // with nothing remembered).
      const end = (outcome: WalkthroughOutcome) => {
        if (tourDriver.isActive()) tourDriver.destroy();
        resolve(outcome);
      };
      const tourDriver = driver({
        showProgress: steps.length > 1,
        progressText: '{{current}} of {{total}}',
        nextBtnText: 'Next',
        prevBtnText: 'Previous',
        doneBtnText: 'Finish',
        showButtons: ['next', 'previous', 'close'],
        allowClose: true,
        // A step whose element left the page since the tour started is passed over.
        skipMissingElement: true,
        popoverClass: 'colophon-walkthrough',
        steps: steps.map((step) => ({
          element: walkthroughSelector(step.target),
          popover: { title: step.title, description: step.text },
        })),
        onPopoverRender: (popover) => {
          // The dialog is named by its tour; the step's title is its heading.
          popover.wrapper.removeAttribute('aria-labelledby');
          popover.wrapper.setAttribute('aria-label', `Walkthrough: ${tour.title}`);
          popover.title.setAttribute('role', 'heading');
          popover.title.setAttribute('aria-level', '2');
          const endButton = document.createElement('button');
          endButton.type = 'button';
          endButton.textContent = 'End Walkthrough';
          endButton.className = 'driver-popover-end-btn';
          endButton.addEventListener('click', () => end('ended'));
          popover.footerButtons.prepend(endButton);
        },
        onDoneClick: () => end('finished'),
        // Close (×), Escape and a click on the overlay.
        onDestroyStarted: () => end('ended'),
      });
      tourDriver.drive();
    });
  } finally {
    running = false;
  }
}
