import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { formatDate, type LoadedDocument, type LoadedImage } from './loaded-document';

const MAX_IMAGE_WIDTH_PX = 480;
const LOGO_HEIGHT_PX = 40;

/** Word reads PNG and JPEG; WebP and SVG are converted to PNG first. */
async function wordImage(image: LoadedImage, box: { maxWidth: number; maxHeight: number }): Promise<ImageRun> {
  const native = image.contentType === 'image/png' || image.contentType === 'image/jpeg';
  const data = native ? image.bytes : await sharp(image.bytes, { density: 144 }).png().toBuffer();
  const { width = box.maxWidth, height = box.maxHeight } = imageSize(data);
  const scale = Math.min(1, box.maxWidth / width, box.maxHeight / height);
  return new ImageRun({
    type: image.contentType === 'image/jpeg' ? 'jpg' : 'png',
    data,
    transformation: { width: Math.round(width * scale), height: Math.round(height * scale) },
  });
}

/** Real Word structure: a title, headings, a numbered list of steps, the brand in the header. */
export async function renderDocx(document: LoadedDocument): Promise<Buffer> {
  const brand: (TextRun | ImageRun)[] = [];
  if (document.companyLogo) brand.push(await wordImage(document.companyLogo, { maxWidth: 200, maxHeight: LOGO_HEIGHT_PX }));
  if (document.companyName) brand.push(new TextRun({ text: `${brand.length ? '  ' : ''}${document.companyName}`, bold: true, color: '21796E', size: 24 }));

  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(document.title)] }),
    new Paragraph({
      spacing: { after: 240 },
      children: [
        new TextRun({
          text: `${document.sourceType === 'video' ? 'Video' : 'Text'} · Created ${formatDate(document.createdAt)} · ${document.steps.length} ${document.steps.length === 1 ? 'step' : 'steps'}`,
          color: '5F6B7A',
        }),
      ],
    }),
  ];
  if (document.steps.length === 0) body.push(new Paragraph({ children: [new TextRun({ text: 'No steps found in this SOP', italics: true })] }));

  for (const step of document.steps) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, numbering: { reference: 'steps', level: 0 }, children: [new TextRun(step.title)] }));
    for (const line of step.details.split(/\r?\n/)) {
      body.push(new Paragraph({ indent: { left: 720 }, children: [new TextRun(line)] }));
    }
    for (const image of step.images) {
      body.push(new Paragraph({ indent: { left: 720 }, spacing: { before: 120, after: 120 }, children: [await wordImage(image, { maxWidth: MAX_IMAGE_WIDTH_PX, maxHeight: 360 })] }));
    }
  }

  const doc = new Document({
    creator: 'Sopwright',
    title: document.title,
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }],
        },
      ],
    },
    sections: [
      {
        headers: brand.length ? { default: new Header({ children: [new Paragraph({ children: brand })] }) } : undefined,
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES], color: '5F6B7A', size: 18 })] })],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
