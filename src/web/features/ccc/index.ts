/** CCC ONE estimate import (issue 16): upload, the inbox folder and the import log of `/repair-facilities`. */
export { CccIntegration } from './components/ccc-integration';
