import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type PageFindings, severityName, severityOf } from './overlays';

/**
 * The open pages' findings that have no place on the page (a wrong page size, a font not embedded),
 * one banner per page under the spread, so they are read with the page and never hide its content.
 */
export function UnplacedFindings({
  pages,
  findingsOf,
}: {
  pages: readonly number[];
  findingsOf: (page: number) => PageFindings | undefined;
}) {
  const banners = pages.flatMap((page) => {
    const findings = findingsOf(page);
    return findings && findings.unplaced.length > 0 ? [{ page, findings }] : [];
  });
  return banners.map(({ page, findings }) => {
    const hasErrors = findings.unplaced.some((finding) => severityOf(finding) === 'error');
    return (
      <Alert
        key={page}
        variant="light"
        color={hasErrors ? 'red' : 'orange'}
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={`Findings on page ${page}`}
        // Not role="alert": turning a page must not interrupt a screen reader with every banner.
        role="note"
        p="xs"
      >
        <List size="sm" spacing={2}>
          {findings.unplaced.map((finding) => (
            <List.Item key={finding.id}>
              <Text span size="sm" fw={600}>
                {severityName[severityOf(finding)]}:
              </Text>{' '}
              {finding.message}
            </List.Item>
          ))}
        </List>
      </Alert>
    );
  });
}
