import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default; a CI machine busy with other work (two cores shared by the
// databases, the build and Chromium) can take longer than that to render a lazily loaded screen.
configure({ asyncUtilTimeout: 5000 });
