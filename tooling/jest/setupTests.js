'use strict';
require('@testing-library/jest-dom');
