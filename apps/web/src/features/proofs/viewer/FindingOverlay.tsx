import { Tooltip } from '@mantine/core';
import classes from './Flipbook.module.css';
import { findingName, type PageFindings, percentBox, severityOf } from './overlays';

/**
 * The page's findings that have a place, outlined in their severity's colour. Positions are
 * percentages of the page box, so the outlines follow the page at every zoom. Each is a button (it
 * can be reached with Tab) whose name says the severity and the message; hovering or focusing it shows
 * the message.
 */
export function FindingOverlay({
  placed,
  widthPts,
  heightPts,
}: {
  placed: PageFindings['placed'];
  widthPts: number;
  heightPts: number;
}) {
  return placed.map(({ finding, box }) => {
    const place = percentBox(box, widthPts, heightPts);
    return (
      <Tooltip key={finding.id} label={findingName(finding)} multiline maw={320} withArrow>
        <button
          type="button"
          className={classes.finding}
          data-severity={severityOf(finding)}
          aria-label={findingName(finding)}
          style={{ left: `${place.left}%`, top: `${place.top}%`, width: `${place.width}%`, height: `${place.height}%` }}
          // The outline only explains itself; a click must not reach the page (it would place a pin).
          onClick={(event) => event.stopPropagation()}
        />
      </Tooltip>
    );
  });
}
