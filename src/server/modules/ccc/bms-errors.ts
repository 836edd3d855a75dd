/** Why a file is not a BMS estimate we import: its message is the import log's reason. */
export class BmsRejection extends Error {
  override name = 'BmsRejection';
}
