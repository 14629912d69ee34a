/** The files of one font pair, each a URL of its own: the browser fetches them only when the pair is chosen. */
import headingRegular from '@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf?url';
import headingItalic from '@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf?url';
import headingBold from '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf?url';
import bodyRegular from '@expo-google-fonts/nunito/400Regular/Nunito_400Regular.ttf?url';
import bodyItalic from '@expo-google-fonts/nunito/400Regular_Italic/Nunito_400Regular_Italic.ttf?url';
import bodyBold from '@expo-google-fonts/nunito/700Bold/Nunito_700Bold.ttf?url';
import { faces } from '../fonts';

export default faces('Playfair Display', [headingRegular, headingItalic, headingBold], 'Nunito', [bodyRegular, bodyItalic, bodyBold]);
