import { startCardFrame } from './card-frame.ts';

// The bundle's entry (bundle.ts): the page's one script.
startCardFrame(window);
