import PDFDocument from 'pdfkit';
import { qrPath } from '@shared/qr-path.js';
import { INK, MUTED, RULE, pdfBuffer } from '../claim-report/index.js';

/**
 * Vehicle cards (issue 32): one per vehicle, four to a Letter page, to keep in the glovebox or stick inside the door.
 * Each carries the vehicle's report-link QR code, its unit number and make and model, and what to do.
 */

export interface VehicleCard {
  companyName: string;
  unitNumber: string;
  makeModel: string;
  url: string;
}

const POINTS_PER_INCH = 72;
const CARD_W = 4.25 * POINTS_PER_INCH;
const CARD_H = 5.5 * POINTS_PER_INCH;
const QR_SIDE = 2.4 * POINTS_PER_INCH;
const PAD = 22;

function drawCard(doc: PDFKit.PDFDocument, card: VehicleCard, left: number, top: number) {
  // A dashed cutting line around the card.
  doc
    .rect(left + 6, top + 6, CARD_W - 12, CARD_H - 12)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .undash();
  const width = CARD_W - 2 * PAD;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(card.companyName, left + PAD, top + PAD, { width, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text('Report damage or a breakdown', { width, align: 'center' });
  const { d, size } = qrPath(card.url);
  const qrLeft = left + (CARD_W - QR_SIDE) / 2;
  const qrTop = doc.y + 10;
  doc
    .save()
    .translate(qrLeft, qrTop)
    .scale(QR_SIDE / size)
    .path(d)
    .fillColor('#000')
    .fill()
    .restore();
  doc.y = qrTop + QR_SIDE + 8;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(INK)
    .text(`Unit ${card.unitNumber}`, left + PAD, doc.y, { width, align: 'center' });
  if (card.makeModel)
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(card.makeModel, { width, align: 'center' });
  doc
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Scan with your phone’s camera: no app or account needed. Add photos, then send.', {
      width,
      align: 'center',
    });
}

/** The cards as one PDF, four to a page, in the order given. */
export function renderVehicleCards(cards: readonly VehicleCard[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Author: 'FleetClaims' },
  });
  const done = pdfBuffer(doc);
  cards.forEach((card, index) => {
    const slot = index % 4;
    if (slot === 0) doc.addPage();
    drawCard(doc, card, (slot % 2) * CARD_W, Math.floor(slot / 2) * CARD_H);
  });
  if (cards.length === 0) doc.addPage();
  doc.end();
  return done;
}
