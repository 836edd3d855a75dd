import { arr, node, text, type Node } from './bms-xml.js';

/**
 * The parties of a BMS estimate (`AdminInfo`, each `<Role><Party>…</Party></Role>`) that FleetClaims uses:
 * the repair facility, the insurer and the adjuster (ccc-bms.md §2 and §8).
 */

export interface BmsContact {
  name: string | null;
  phone: string | null;
  email: string | null;
}

const party = (body: Node, role: string) => node(node(node(body.AdminInfo)?.[role])?.Party);

/** The party's organisation name, and a CCC shop id when the party carries one (`IDInfo/IDNum`). */
export function readFacility(body: Node) {
  const facility = party(body, 'RepairFacility');
  if (!facility) return { name: null, shopId: null };
  const ids = [...arr(facility.OrgInfo && node(facility.OrgInfo)?.IDInfo), ...arr(facility.IDInfo)];
  const shopId = ids.map((id) => text(id, 'IDNum')).find((id) => id !== undefined) ?? null;
  return { name: text(facility, 'OrgInfo', 'CompanyName') ?? null, shopId };
}

export function readInsurer(body: Node): string | null {
  return text(party(body, 'InsuranceCompany'), 'OrgInfo', 'CompanyName') ?? null;
}

/** Phone qualifiers in the order a desk wants them: work, cell, home (ccc-bms.md §4, `CommQualifier`). */
const PHONE_QUALIFIERS = ['WP', 'CP', 'HP'];

/**
 * A person party (the adjuster): "First Last" (or the organisation's name), the first work/cell/home phone and
 * the e-mail of its contact communications. Null when the file names no such party.
 */
export function readContact(body: Node, role: string): BmsContact | null {
  const person = party(body, role);
  if (!person) return null;
  const personName = node(node(person.PersonInfo)?.PersonName);
  const fullName = [text(personName, 'FirstName'), text(personName, 'LastName')].filter(Boolean).join(' ');
  const communications = [
    ...arr(node(person.ContactInfo)?.Communications),
    ...arr(node(person.PersonInfo)?.Communications),
  ];
  const qualified = (qualifier: string) =>
    communications.filter((entry) => text(entry, 'CommQualifier')?.toUpperCase() === qualifier);
  const phone =
    PHONE_QUALIFIERS.flatMap(qualified)
      .map((entry) => text(entry, 'CommPhone'))
      .find((value) => value !== undefined) ?? null;
  const email = qualified('EM')
    .map((entry) => text(entry, 'CommEmail'))
    .find((value) => value !== undefined);
  const contact = {
    name: fullName || (text(person, 'OrgInfo', 'CompanyName') ?? null),
    phone,
    email: email ?? null,
  };
  return contact.name || contact.phone || contact.email ? contact : null;
}
