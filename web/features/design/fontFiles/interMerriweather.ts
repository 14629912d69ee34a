/** The files of one font pair, each a URL of its own: the browser fetches them only when the pair is chosen. */
import headingRegular from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import headingItalic from '@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf?url';
import headingBold from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import bodyRegular from '@expo-google-fonts/merriweather/400Regular/Merriweather_400Regular.ttf?url';
import bodyItalic from '@expo-google-fonts/merriweather/400Regular_Italic/Merriweather_400Regular_Italic.ttf?url';
import bodyBold from '@expo-google-fonts/merriweather/700Bold/Merriweather_700Bold.ttf?url';
import { faces } from '../fonts';

export default faces('Inter', [headingRegular, headingItalic, headingBold], 'Merriweather', [bodyRegular, bodyItalic, bodyBold]);
