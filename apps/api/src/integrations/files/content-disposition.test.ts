import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it.each([
    ['Lincoln round 2.epub', `attachment; filename="Lincoln round 2.epub"; filename*=UTF-8''Lincoln%20round%202.epub`],
    [
      'Université du Lac.epub',
      `attachment; filename="Universite du Lac.epub"; filename*=UTF-8''Universit%C3%A9%20du%20Lac.epub`,
    ],
    [
      'a "quoted"\\name.epub',
      `attachment; filename="a  quoted  name.epub"; filename*=UTF-8''a%20%20quoted%20%20name.epub`,
    ],
    ['line\r\nbreak.epub', `attachment; filename="line  break.epub"; filename*=UTF-8''line%20%20break.epub`],
    ["it's (1).epub", `attachment; filename="it's (1).epub"; filename*=UTF-8''it%27s%20%281%29.epub`],
    ['日本.epub', `attachment; filename=".epub"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.epub`],
    ['   ', `attachment; filename="download"; filename*=UTF-8''download`],
  ])('%j → %s', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});
