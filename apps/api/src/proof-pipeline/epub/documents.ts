/**
 * The text files of a fixed-layout EPUB 3 (OCF container, package document, navigation document,
 * one XHTML per page). Pure functions of their input, so the same book gives the same bytes.
 */

export const EPUB_MIMETYPE = 'application/epub+zip';
export const PACKAGE_PATH = 'EPUB/package.opf';

/** Where a page lives in the book, relative to the package document. */
export interface BookPage {
  page: number;
  /** The page's document, e.g. `pages/page-001.xhtml`. */
  href: string;
  /** The viewport in CSS pixels: the image's pixel size, or the page's shape at the book's width. */
  width: number;
  height: number;
  /** The page image (`images/page-001.jpg`), or null when the page could not be drawn. */
  image: { href: string; mediaType: string } | null;
  /** Why the page has no image. */
  missingReason?: string;
}

export interface BookMetadata {
  /** A stable identifier (`urn:uuid:…`): the same proof keeps it across rebuilds. */
  identifier: string;
  title: string;
  creator?: string | undefined;
  language: string;
  modified: Date;
  /** `pages`: page 1 is a right-hand page and pages pair into spreads; `cover`: each page stands alone. */
  kind: 'pages' | 'cover';
}

export interface CoverImage {
  href: string;
  mediaType: string;
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** `CCYY-MM-DDThh:mm:ssZ`, the only form `dcterms:modified` takes. */
const modifiedStamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export const containerXml = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="${PACKAGE_PATH}" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

/** One stylesheet for every page: the page fills its viewport, nothing scrolls. */
export const stylesheet = `@charset "UTF-8";
html, body { margin: 0; padding: 0; overflow: hidden; background: #fff; }
img.page { display: block; width: 100%; height: 100%; }
div.missing { box-sizing: border-box; width: 100%; height: 100%; padding: 10%; display: flex; flex-direction: column;
  justify-content: center; text-align: center; font-family: sans-serif; color: #333; border: 4px dashed #bbb; }
div.missing h1 { font-size: 4em; margin: 0 0 0.5em; }
div.missing p { font-size: 2.5em; margin: 0 0 0.5em; }
`;

/** Page 1 opens on the right, as in the printed book; then left, right, … */
export const spreadOf = (page: number, kind: BookMetadata['kind']) =>
  kind === 'cover' ? 'rendition:page-spread-center' : page % 2 === 1 ? 'page-spread-right' : 'page-spread-left';

const pageId = (page: BookPage) => `page-${page.page}`;
const imageId = (page: BookPage) => `image-${page.page}`;

export function packageDocument(
  metadata: BookMetadata,
  pages: BookPage[],
  cover: CoverImage | null,
  stylesheetHref: string,
): string {
  // Without a chosen cover image, the first page that has an image is the book's cover in a library.
  const coverPage = cover ? null : pages.find((page) => page.image);
  const items = [
    `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
    `<item id="style" href="${stylesheetHref}" media-type="text/css"/>`,
    ...(cover
      ? [`<item id="cover-image" href="${cover.href}" media-type="${cover.mediaType}" properties="cover-image"/>`]
      : []),
    ...pages.flatMap((page) => [
      `<item id="${pageId(page)}" href="${page.href}" media-type="application/xhtml+xml"/>`,
      ...(page.image
        ? [
            `<item id="${imageId(page)}" href="${page.image.href}" media-type="${page.image.mediaType}"${
              page === coverPage ? ' properties="cover-image"' : ''
            }/>`,
          ]
        : []),
    ]),
  ];
  const coverId = cover ? 'cover-image' : coverPage ? imageId(coverPage) : null;
  const spine = pages.map(
    (page) => `<itemref idref="${pageId(page)}" properties="${spreadOf(page.page, metadata.kind)}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeXml(metadata.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${escapeXml(metadata.identifier)}</dc:identifier>
    <dc:title>${escapeXml(metadata.title)}</dc:title>
    <dc:language>${escapeXml(metadata.language)}</dc:language>
${metadata.creator ? `    <dc:creator>${escapeXml(metadata.creator)}</dc:creator>\n` : ''}    <meta property="dcterms:modified">${modifiedStamp(metadata.modified)}</meta>
    <meta property="rendition:layout">pre-paginated</meta>
    <meta property="rendition:spread">${metadata.kind === 'cover' ? 'none' : 'landscape'}</meta>
    <meta property="rendition:orientation">auto</meta>
${coverId ? `    <meta name="cover" content="${coverId}"/>\n` : ''}  </metadata>
  <manifest>
${items.map((item) => `    ${item}`).join('\n')}
  </manifest>
  <spine page-progression-direction="ltr">
${spine.map((itemref) => `    ${itemref}`).join('\n')}
  </spine>
</package>
`;
}

/** The navigation document: a table of contents (the first page) and the page list (every page). */
export function navigationDocument(metadata: BookMetadata, pages: BookPage[]): string {
  const first = pages[0];
  const pageList = pages.map((page) => `        <li><a href="${page.href}">${page.page}</a></li>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${escapeXml(metadata.language)}" lang="${escapeXml(metadata.language)}">
  <head>
    <meta charset="UTF-8"/>
    <title>${escapeXml(metadata.title)}</title>
  </head>
  <body>
    <nav epub:type="toc" id="toc">
      <h1>Contents</h1>
      <ol>
        <li><a href="${first?.href ?? ''}">${escapeXml(metadata.title)}</a></li>
      </ol>
    </nav>
    <nav epub:type="page-list" id="page-list" hidden="hidden">
      <h1>Pages</h1>
      <ol>
${pageList}
      </ol>
    </nav>
    <nav epub:type="landmarks" id="landmarks" hidden="hidden">
      <h1>Landmarks</h1>
      <ol>
        <li><a epub:type="bodymatter" href="${first?.href ?? ''}">${escapeXml(metadata.title)}</a></li>
      </ol>
    </nav>
  </body>
</html>
`;
}

/**
 * One page: a viewport of the image's size and the image as the only content; a page that could not
 * be drawn says so in words instead (the book stays whole and its pages keep their sides).
 */
export function pageDocument(metadata: BookMetadata, page: BookPage, stylesheetHref: string): string {
  const language = escapeXml(metadata.language);
  const body = page.image
    ? `<img class="page" src="../${page.image.href}" alt="Page ${page.page}" width="${page.width}" height="${page.height}"/>`
    : `<div class="missing">
      <h1>Page ${page.page}</h1>
      <p>This page could not be drawn when the proof was processed, so it has no picture in this EPUB.</p>
${page.missingReason ? `      <p>${escapeXml(page.missingReason)}</p>\n` : ''}    </div>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="${language}" lang="${language}">
  <head>
    <meta charset="UTF-8"/>
    <meta name="viewport" content="width=${page.width}, height=${page.height}"/>
    <title>Page ${page.page}</title>
    <link rel="stylesheet" type="text/css" href="../${stylesheetHref}"/>
  </head>
  <body style="width: ${page.width}px; height: ${page.height}px;">
    ${body}
  </body>
</html>
`;
}
