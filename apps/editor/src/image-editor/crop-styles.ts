import libraryCss from 'react-image-crop/dist/ReactCrop.css';

/**
 * react-image-crop's stylesheet, with the app's focus and handle look over it: a focused crop
 * box or handle shows a ring (the accessibility suite checks that focus can be seen), and the
 * handles are big enough to grab.
 */
export const cropStyles = `${libraryCss}
.ReactCrop { --rc-drag-handle-size: 16px; --rc-drag-handle-bg-colour: rgba(255, 255, 255, 0.92); --rc-border-color: #1d4ed8; --rc-focus-color: #1d4ed8; }
.ReactCrop__drag-handle { border-width: 2px; border-radius: 3px; }
.ReactCrop__crop-selection:focus { outline: none; }
.ReactCrop__crop-selection:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; box-shadow: 0 0 0 5px #ffffff; }
.ReactCrop__drag-handle:focus { background: var(--rc-drag-handle-bg-colour); }
.ReactCrop__drag-handle:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; background: #1d4ed8; box-shadow: 0 0 0 5px #ffffff; }
`;
