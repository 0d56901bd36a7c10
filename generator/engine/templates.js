// templates.json (the one source of the templates' metadata) as a module, for Node: engine.js
// imports this file, never the JSON, so that it runs in browsers without JSON import attributes.
// A site's build writes its own templates.js beside engine.js, the JSON in it as a plain
// `export default` (generator/render/modules.py); this one is never shipped.
import TEMPLATES from './templates.json' with { type: 'json' };

export default TEMPLATES;
